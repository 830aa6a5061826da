#!/usr/bin/env node
// lablive-verify: the command an inspector runs on an export package. Exit 0 when verified, 1 when
// tampered or not verified, 2 when the command is misused or a file cannot be read.
//   lablive-verify <package.jsonl> [--key <verifier key text or file>] [--extends <earlier.jsonl>] [--json]
import { existsSync, readFileSync } from 'node:fs';
import { NoteKeyError } from './noteKeys.ts';
import { humanReport } from './report.ts';
import { UnreadablePackageError, verifyPackage } from './verifyPackage.ts';

const USAGE = `Usage: lablive-verify <package.jsonl> [--key <verifier key text or file>] [--extends <earlier.jsonl>] [--json]

Verifies a LabLive export package: every event unaltered, none missing, in order, and the whole signed.
  --key <key>        the lab's published verifier key (name+keyID+key), or a file holding it;
                     without it the package's own key is used and its key ID printed to compare
  --extends <file>   an earlier export of the same log: checks that this export extends it
  --json             print the result as JSON
Exit status: 0 verified, 1 tampered or not verified, 2 usage error or unreadable file.`;

const EXIT = { verified: 0, notVerified: 1, usage: 2 } as const;

class UsageError extends Error {}

type Arguments = { packagePath: string; key?: string; extendsPackage?: string; json: boolean };

function parseArguments(args: readonly string[]): Arguments | 'help' {
  const positional: string[] = [];
  const options: { key?: string; extendsPackage?: string; json: boolean } = { json: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => {
      const given = inline ?? args[++index];
      if (given === undefined || given === '') throw new UsageError(`${name} needs a value`);
      return given;
    };
    if (name === '--help' || name === '-h') return 'help';
    else if (name === '--json') options.json = true;
    else if (name === '--key') options.key = value();
    else if (name === '--extends') options.extendsPackage = value();
    else if (name?.startsWith('-') && name !== '-') throw new UsageError(`unknown option ${name}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new UsageError('give exactly one package file');
  return { packagePath: positional[0] as string, ...options };
}

/** `--key` is the key text itself or a file holding it (as a lab publishes it). */
function keyText(value: string): string {
  if (!existsSync(value)) return value;
  try {
    return readFileSync(value, 'utf8').trim();
  } catch (error) {
    throw new UsageError(`--key: cannot read ${value}: ${(error as Error).message}`);
  }
}

async function main(args: readonly string[]): Promise<number> {
  let parsed: Arguments | 'help';
  try {
    parsed = parseArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`lablive-verify: ${error.message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (parsed === 'help') {
    console.log(USAGE);
    return EXIT.verified;
  }
  try {
    const result = await verifyPackage(parsed.packagePath, {
      trustedKey: parsed.key === undefined ? undefined : keyText(parsed.key),
      extendsPackage: parsed.extendsPackage,
    });
    console.log(parsed.json ? JSON.stringify(result, null, 2) : humanReport(result));
    return result.verified ? EXIT.verified : EXIT.notVerified;
  } catch (error) {
    if (error instanceof UsageError || error instanceof UnreadablePackageError) {
      console.error(`lablive-verify: ${error.message}`);
      return EXIT.usage;
    }
    if (error instanceof NoteKeyError) {
      console.error(`lablive-verify: --key is not a verifier key: ${error.message}`);
      return EXIT.usage;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = EXIT.usage;
  },
);
