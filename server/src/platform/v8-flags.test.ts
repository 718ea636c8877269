import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../testing/test-app.ts';
import { SERVER_V8_FLAGS, withServerV8Flags } from './v8-flags.ts';

describe('server V8 flags', () => {
  it('are added to a process started without them, after what it was given', () => {
    expect(withServerV8Flags(['--disable-warning=ExperimentalWarning'])).toEqual([
      '--disable-warning=ExperimentalWarning',
      ...SERVER_V8_FLAGS,
    ]);
  });

  it('leave a value the operator gave alone and are never doubled', () => {
    const given = ['--initial-old-space-size=1024'];
    expect(withServerV8Flags(given)).toEqual([...given, '--max-semi-space-size=16']);
    const both = ['--max-semi-space-size=64', '--initial-old-space-size=1024'];
    expect(withServerV8Flags(both)).toEqual(both);
    expect(withServerV8Flags(withServerV8Flags([]))).toEqual([...SERVER_V8_FLAGS]);
  });

  it('are the ones server/bin/parlay starts Node with', () => {
    const script = readFileSync(path.join(REPO_ROOT, 'server/bin/parlay'), 'utf8');
    const execLine = script.split('\n').find((line) => line.startsWith('exec '));
    for (const flag of SERVER_V8_FLAGS) expect(execLine).toContain(` ${flag} `);
  });
});
