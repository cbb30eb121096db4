// chess.js: `new Chess(fen)` (which validates the FEN and throws on an error), written back with
// `fen({ forceEnpassantSquare: true })`; PGN files with `loadPgn`. chess.js knows standard chess
// only: it gets Chess960 vectors as they are (it has no option for them) and skips crazyhouse and
// three-check ones.
import { Chess } from 'chess.js';
import { serve } from './protocol.mjs';

serve(({ format, variant, text }) => {
  if (format === 'epd') return { verdict: 'skip', detail: 'no EPD reader' };
  if (variant === 'crazyhouse' || variant === 'threecheck') {
    return { verdict: 'skip', detail: 'variant not supported' };
  }
  try {
    if (format === 'pgn') {
      new Chess().loadPgn(text);
      return { verdict: 'accept' };
    }
    const chess = new Chess(text);
    return { verdict: 'accept', fen: chess.fen({ forceEnpassantSquare: true }) };
  } catch (error) {
    return { verdict: 'reject', detail: String(error.message ?? error) };
  }
});
