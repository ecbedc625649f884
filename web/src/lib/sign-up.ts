/**
 * What a 'Sign up' link passes to /auth: its Register tab opens (the page's default stays Login, as
 * docs/product.md has it, for everyone else). A module of its own, so the toasts' chunk does not carry auth.
 */
export const SIGN_UP_STATE = { tab: 'register' } as const;
export const opensRegister = (state: unknown) => (state as { tab?: string } | null)?.tab === SIGN_UP_STATE.tab;
