/**
 * The log audit (a grep of the server logs after the whole suite finds no token or verifier): every
 * log line written by every test server of a run (log-capture.ts) is searched for every secret any
 * of them saw — issued bearer tokens, verifiers, envelopes and their ciphertext, CSRF tokens, space
 * keys.
 *
 * Searching tens of thousands of secrets in megabytes of logs one `includes` at a time would take
 * minutes, so secrets made of base64/base32 characters (all but space keys and whole envelopes)
 * are looked up in a hash set: every run of such characters in a log line is cut into windows of
 * each secret length. A secret inside a longer run (`?token=…`, a JSON-escaped envelope) is found
 * too. The remaining few secrets are searched with `includes`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Characters of base64, base64url and base32 — the alphabet of tokens, verifiers, ciphertext. */
const RUN_CHARS = 'A-Za-z0-9+/=_-';
const RUN = new RegExp(`[${RUN_CHARS}]{16,}`, 'g');
const WHOLE_RUN = new RegExp(`^[${RUN_CHARS}]{16,}$`);

/** One secret found in one log line. */
export interface Leak {
  /** The log file (name only) and the 1-based line number. */
  file: string;
  line: number;
  /** The secret, shortened for the report. */
  secret: string;
}

/** Secrets prepared for searching. */
export class SecretIndex {
  private readonly byLength = new Map<number, Set<string>>();
  private readonly others: string[] = [];
  private count = 0;

  constructor(secrets: Iterable<string>) {
    for (const secret of secrets) this.add(secret);
  }

  get size(): number {
    return this.count;
  }

  add(secret: string): void {
    if (WHOLE_RUN.test(secret)) {
      let set = this.byLength.get(secret.length);
      if (!set) {
        set = new Set();
        this.byLength.set(secret.length, set);
      }
      if (set.has(secret)) return;
      set.add(secret);
    } else if (secret.length > 0 && !this.others.includes(secret)) {
      this.others.push(secret);
    } else {
      return;
    }
    this.count += 1;
  }

  /** The secrets that occur in `text` (each once). */
  findIn(text: string): string[] {
    const found = new Set<string>();
    for (const match of text.matchAll(RUN)) {
      const run = match[0];
      for (const [length, set] of this.byLength) {
        for (let start = 0; start + length <= run.length; start++) {
          const window = run.slice(start, start + length);
          if (set.has(window)) found.add(window);
        }
      }
    }
    for (const secret of this.others) if (text.includes(secret)) found.add(secret);
    return [...found];
  }
}

/** Every leak of `secrets` in the lines of `logText` (a file's content), with line numbers. */
export function findLeaks(file: string, logText: string, secrets: SecretIndex): Leak[] {
  const leaks: Leak[] = [];
  // Search the whole file once; only for a file that leaks, find the lines.
  if (secrets.findIn(logText).length === 0) return leaks;
  logText.split('\n').forEach((line, index) => {
    for (const secret of secrets.findIn(line)) {
      leaks.push({ file, line: index + 1, secret: shorten(secret) });
    }
  });
  return leaks;
}

function shorten(secret: string): string {
  return secret.length <= 12 ? secret : `${secret.slice(0, 6)}…${secret.slice(-4)}`;
}

/** What {@link auditLogDir} found. */
export interface AuditReport {
  logFiles: number;
  logLines: number;
  secrets: number;
  leaks: Leak[];
}

/**
 * Reads every `*.secrets` file (one JSON string per line) and searches every `*.log` file of
 * `dir` for them. A missing directory is an empty report.
 */
export function auditLogDir(dir: string): AuditReport {
  const report: AuditReport = { logFiles: 0, logLines: 0, secrets: 0, leaks: [] };
  if (!existsSync(dir)) return report;
  const files = readdirSync(dir).sort();
  const secrets = new SecretIndex([]);
  for (const name of files.filter((f) => f.endsWith('.secrets'))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      const secret: unknown = JSON.parse(line);
      if (typeof secret === 'string') secrets.add(secret);
    }
  }
  report.secrets = secrets.size;
  for (const name of files.filter((f) => f.endsWith('.log'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    report.logFiles += 1;
    report.logLines += text.split('\n').filter(Boolean).length;
    report.leaks.push(...findLeaks(name, text, secrets));
  }
  return report;
}
