import { Writable } from 'node:stream';
import pino from 'pino';

export type LogLine = { level: number; msg: string; [key: string]: unknown };

/** A real pino logger whose lines the test can read. */
export function captureLog(): { log: pino.Logger; lines: LogLine[]; messages(): string[] } {
  const lines: LogLine[] = [];
  const log = pino(
    { level: 'info' },
    {
      write(line: string) {
        lines.push(JSON.parse(line) as LogLine);
      },
    },
  );
  return { log, lines, messages: () => lines.map((line) => line.msg) };
}

/** A stream for the app's `deps.logStream`, and the raw lines the app wrote to it. */
export function captureLogStream(): { logStream: Writable; lines: string[] } {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logStream, lines };
}
