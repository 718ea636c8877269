/**
 * `.env.example` is written from the configuration table (VARIABLES): every variable with its
 * description and default, each assignment commented out so that a copy changes nothing until a
 * line is uncommented. `parlay config env-example > .env.example` regenerates it; a test fails when
 * the file and the table differ.
 */
import { VARIABLES } from './config.ts';

const WIDTH = 100;

/** Splits a description into comment lines of at most WIDTH characters. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > WIDTH && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** A value as Node's env-file parser reads it back: quoted when it holds spaces, quotes or #. */
function quoted(value: string): string {
  if (/^[\w.,:/@+-]*$/.test(value)) return value;
  return value.includes("'") ? JSON.stringify(value) : `'${value}'`;
}

export function envExample(): string {
  const out = [
    '# Parlay configuration: every environment variable the server reads, with its default.',
    '# Written by `parlay config env-example` from server/src/platform/config.ts (do not edit by hand).',
    '# Copy to .env (read by server/bin/parlay when present; PARLAY_ENV_FILE names another file) and',
    '# uncomment what you change. Variables set in the environment win over the file.',
  ];
  for (const variable of VARIABLES) {
    out.push('', ...wrap(`${variable.name}: ${variable.description}`));
    out.push(`#${variable.name}=${quoted(variable.defaultValue)}`);
  }
  return `${out.join('\n')}\n`;
}
