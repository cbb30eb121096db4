// The line protocol every adapter speaks: one JSON request a line on standard input
// ({id, format, variant, text}), one JSON answer a line on standard output
// ({id, verdict: "accept" | "reject" | "skip", fen, detail}). Writes to a pipe are synchronous
// on Linux, so each answer is out before the next vector is read, and the driver knows which
// vector was being read when the process dies.
import { createInterface } from 'node:readline';

export function serve(judge) {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', line => {
    const request = JSON.parse(line);
    const answer = judge(request);
    process.stdout.write(JSON.stringify({ id: request.id, fen: null, detail: '', ...answer }) + '\n');
  });
}
