import { randomBytes } from 'node:crypto';
import type { Config } from '../platform/config';
import type { Db } from '../platform/database';
import type { Mailer } from '../platform/mail/mailer';
import { forgetUser } from '../platform/tenancy';
import { hashToken } from '../platform/tenant-token';
import * as repo from './identity.repository';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password.util';

// Growing delays per account and address (issue 11): five misses are free, then each one
// doubles the wait from that address, from 15 seconds up to 15 minutes.
export const SIGN_IN_THROTTLE = { freeFailures: 5, firstDelaySeconds: 15, maxDelaySeconds: 15 * 60 } as const;
const VERIFY_TTL_MS = 24 * 60 * 60_000;
const RESET_TTL_MS = 60 * 60_000;
// the sign-in a confirmed e-mail link grants: long enough to pass through the sign-in redirects
const SIGNIN_TTL_MS = 10 * 60_000;

export type IdentityServiceDeps = { db: Db; mailer: Mailer; config: Config };

export type SignInResult =
  { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'unverified' } | { ok: false; reason: 'throttled'; waitSeconds: number };

export class IdentityService {
  private lastSweep = 0;
  constructor(private readonly deps: IdentityServiceDeps) {}

  private link(path: string, params: Record<string, string>): string {
    return `${this.deps.config.oidc.issuer}${path}?${new URLSearchParams(params).toString()}`;
  }

  private async issueToken(kind: repo.TokenKind, userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const ttl = kind === 'verify' ? VERIFY_TTL_MS : kind === 'signin' ? SIGNIN_TTL_MS : RESET_TTL_MS;
    await repo.insertToken(this.deps.db, kind, userId, hashToken(token), new Date(Date.now() + ttl));
    return token;
  }

  async sendVerification(user: { id: string; email: string; name: string }, returnTo?: string): Promise<void> {
    const token = await this.issueToken('verify', user.id);
    const url = this.link('/verify-token', { email: user.email, token, ...(returnTo ? { returnTo } : {}) });
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Verify your e-mail address for Atrium',
      text: `Hello ${user.name},\n\nConfirm your e-mail address to finish creating your Atrium account:\n\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.\n`,
    });
  }

  // The answer is the same whether or not the e-mail is registered: the mailbox tells the owner.
  // returnTo (a same-origin path) rides in the verification link, so the first sign-in after it
  // lands where the sign-up started (an invitation, issue 12, defect 7)
  async signUp(input: { name: string; email: string; password: string }, returnTo?: string): Promise<void> {
    const { db, mailer } = this.deps;
    const passwordHash = await hashPassword(input.password);
    const created = await repo.insertUser(db, { email: input.email, name: input.name, passwordHash });
    if (created) return this.sendVerification(created, returnTo);
    const existing = await repo.findUserByEmail(db, input.email);
    if (!existing) return;
    if (!existing.emailVerifiedAt) return this.sendVerification(existing, returnTo);
    await mailer.send({
      to: existing.email,
      subject: 'Someone tried to create an Atrium account with your e-mail',
      text: `Hello ${existing.name},\n\nSomebody (maybe you) tried to sign up for Atrium with this e-mail address, which already has an account.\n\nSign in: ${this.deps.config.publicUrl}/auth/signin\nForgot your password? ${this.deps.config.oidc.issuer}/forgot-password\n\nIf it was not you, you can ignore this message.\n`,
    });
  }

  // Confirms the address and answers a one-time sign-in ticket for the browser that opened the
  // link (whoever holds the link holds the mailbox, as with a password reset), or undefined.
  async verifyEmail(email: string, token: string): Promise<string | undefined> {
    const userId = await repo.consumeToken(this.deps.db, 'verify', hashToken(token), email);
    if (!userId) return undefined;
    await repo.markEmailVerified(this.deps.db, userId);
    return this.issueToken('signin', userId);
  }

  // The account a sign-in ticket names, once.
  async redeemSignInTicket(ticket: string): Promise<string | undefined> {
    return repo.consumeToken(this.deps.db, 'signin', hashToken(ticket));
  }

  // Known and unknown e-mails go through the same steps and answers, so neither the message
  // nor the throttle tells whether an account exists.
  async signIn(email: string, password: string, address: string): Promise<SignInResult> {
    const { db } = this.deps;
    const account = email.trim().toLowerCase();
    if (Date.now() - this.lastSweep > 10 * 60_000) {
      this.lastSweep = Date.now();
      repo.deleteStaleSignInFailures(db).catch(() => {});
    }
    const wait = await repo.signInWait(db, account, address);
    if (wait > 0) return { ok: false, reason: 'throttled', waitSeconds: wait };
    const user = await repo.findUserByEmail(db, email);
    let passwordOk = false;
    if (user?.passwordHash) passwordOk = await verifyPassword(password, user.passwordHash);
    else await burnPasswordCheck(password);
    if (!user || !user.passwordHash || !passwordOk) {
      await repo.recordFailedSignIn(db, account, address, SIGN_IN_THROTTLE);
      return { ok: false, reason: 'invalid' };
    }
    await repo.clearFailedSignIns(db, account, address);
    if (!user.emailVerifiedAt) {
      // the password is right, so saying "verify first" reveals nothing to a stranger
      await this.sendVerification(user);
      return { ok: false, reason: 'unverified' };
    }
    if (needsRehash(user.passwordHash)) await repo.updatePassword(db, user.id, await hashPassword(password));
    return { ok: true, userId: user.id };
  }

  async requestPasswordReset(email: string): Promise<void> {
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (!user) return;
    const token = await this.issueToken('reset', user.id);
    const url = this.link('/reset-password', { email: user.email, token });
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Reset your Atrium password',
      text: `Hello ${user.name},\n\nChoose a new password for your Atrium account:\n\n${url}\n\nThe link is valid for one hour and works once. If you did not ask for it, ignore this message; your password stays as it is.\n`,
    });
  }

  async resetPassword(email: string, token: string, password: string): Promise<boolean> {
    const { db } = this.deps;
    const userId = await repo.consumeToken(db, 'reset', hashToken(token), email);
    if (!userId) return false;
    await repo.updatePassword(db, userId, await hashPassword(password));
    // the reset link proves the mailbox, so it verifies the e-mail too
    await repo.markEmailVerified(db, userId);
    await repo.invalidateTokens(db, 'reset', userId);
    await repo.revokeUserSessions(db, userId);
    forgetUser(userId);
    return true;
  }
}
