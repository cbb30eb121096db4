//! Crazyhouse: holdings without kings, material that fits in one game, `~` only on promoted
//! pieces, holdings only in crazyhouse, and a ninth `/` group read as holdings only when
//! something says crazyhouse.

pub(crate) mod king_in_holdings;
pub(crate) mod not_crazyhouse;
pub(crate) mod promoted_pawn_or_king;
pub(crate) mod slash_group;
pub(crate) mod too_much_material;

use crate::position::Variant;
use crate::syntax::RankItem;
use crate::validate::check::Check;
use crate::{Code, Color, Diagnostic, Role};
