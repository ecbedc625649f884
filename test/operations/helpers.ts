/** Polls `check` every 50 ms until it holds, failing after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A new guest's cookie (`gid=…`), as the gateway hands it out on the first guest call. */
export async function guestCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/guest/credits`);
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('gid='));
  if (!cookie) throw new Error('the gateway gave no guest cookie');
  return cookie.split(';')[0]!;
}
