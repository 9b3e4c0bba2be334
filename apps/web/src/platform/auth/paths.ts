// The BFF's sign-in, sign-up, session and sign-out addresses (the server's /auth routes).
export const AUTH_PATHS = {
  session: '/auth/session',
  // email pre-fills the provider's form (an invitation knows the address)
  signIn: (returnTo: string, email?: string) =>
    `/auth/signin?returnTo=${encodeURIComponent(returnTo)}${email ? `&email=${encodeURIComponent(email)}` : ''}`,
  signUp: (returnTo: string, email?: string) =>
    `/auth/signup?returnTo=${encodeURIComponent(returnTo)}${email ? `&email=${encodeURIComponent(email)}` : ''}`,
  signOut: '/auth/signout',
} as const;
