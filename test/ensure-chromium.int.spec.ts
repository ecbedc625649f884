import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** Runs the check as a user who is not root or has no apt-get: here, with PATH holding only bash's own tools. */
function ensure(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile('/bin/bash', [join(__dirname, 'ensure-chromium.sh')], { env }, (_e, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('npm test and Chromium', () => {
  it('goes on when Chromium is where CHROMIUM_PATH says', async () => {
    expect(await ensure({ PATH: '/usr/bin:/bin', CHROMIUM_PATH: process.execPath })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('stops at once with one line saying how, when it can neither find nor install it', async () => {
    const result = await ensure({ PATH: '/nonexistent', CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Chromium is missing at /nonexistent/chromium for the browser tests: install it (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.\n',
    );
  });
});
