// chessops: `parseFen`, then `setupPosition(rules, setup)` with the rules `chess` (standard and
// Chess960 alike: chessops keeps castling rights as rook squares), `crazyhouse` or `3check`;
// written back with `makeFen(position.toSetup())`. PGN files: `parsePgn`, then
// `startingPosition(game.headers)` for every game.
import { makeFen, parseFen } from 'chessops/fen';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { setupPosition } from 'chessops/variant';
import { serve } from './protocol.mjs';

const RULES = { standard: 'chess', chess960: 'chess', crazyhouse: 'crazyhouse', threecheck: '3check' };

serve(({ format, variant, text }) => {
  if (format === 'epd') return { verdict: 'skip', detail: 'no EPD reader' };
  if (format === 'pgn') {
    const games = parsePgn(text);
    if (games.length === 0) return { verdict: 'reject', detail: 'no game' };
    for (const game of games) {
      const position = startingPosition(game.headers);
      if (position.isErr) return { verdict: 'reject', detail: position.error.message };
    }
    return { verdict: 'accept' };
  }
  const setup = parseFen(text);
  if (setup.isErr) return { verdict: 'reject', detail: setup.error.message };
  const position = setupPosition(RULES[variant], setup.value);
  if (position.isErr) return { verdict: 'reject', detail: position.error.message };
  return { verdict: 'accept', fen: makeFen(position.value.toSetup()) };
});
