import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { WorkspaceDomain, WorkspaceDomainUpdate } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import type { TxtResolver } from '../../platform/dns';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import * as repo from './tenants.repository';
import type { TenantRow } from './tenants.repository';

export const DNS_RECORD_PREFIX = '_atrium-challenge';
const CODE_TTL_MS = 60 * 60_000;
const CODE_ATTEMPTS = 5;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const newDomainChallenge = (): string => randomBytes(24).toString('base64url');
const hashCode = (code: string) => createHash('sha256').update(code).digest();

function toDto(row: TenantRow): WorkspaceDomain {
  return {
    domain: row.domain,
    domainSignUp: row.domainSignUp,
    verifiedAt: row.domainVerifiedAt ? row.domainVerifiedAt.toISOString() : null,
    method: row.domainProofMethod ?? null,
    dnsRecord:
      row.domain && row.domainChallenge
        ? { name: `${DNS_RECORD_PREFIX}.${row.domain}`, value: `atrium-domain-verification=${row.domainChallenge}` }
        : null,
    codeSentTo: row.domainCodeHash && row.domainCodeExpiresAt && row.domainCodeExpiresAt > new Date() ? row.domainCodeSentTo : null,
  };
}

const notProven = (field: string, message: string) =>
  new AppError(400, 'domainNotProven', message, [{ field, code: 'domainNotProven', message }]);

// `db`: a connection outside the request's transaction, so a wrong code counts even though the
// request fails (and its transaction rolls back)
export type WorkspaceDomainDeps = { mailer: Mailer; resolveTxt: TxtResolver; db: Db };

// A workspace may open join-by-domain for a domain it has proven: a DNS TXT record with its
// challenge, or a code mailed to an address in the domain. Until then no one is offered it.
async function current(ctx: TenantContext): Promise<TenantRow> {
  const row = await repo.current(ctx);
  if (!row) throw notFound('Workspace');
  return row;
}
const saved = (row: TenantRow | undefined) => {
  if (!row) throw notFound('Workspace');
  return toDto(row);
};

export async function get(ctx: TenantContext): Promise<WorkspaceDomain> {
  return toDto(await current(ctx));
}

// A new domain starts unproven with a new challenge; the same domain keeps its proof.
export async function update(ctx: TenantContext, input: WorkspaceDomainUpdate): Promise<WorkspaceDomain> {
  const domain = input.domain ? input.domain : null;
  if (input.domainSignUp && !domain) throw fieldError('domain', 'domainRequired', 'domain is required when domain sign-up is on');
  const row = await current(ctx);
  if (domain === row.domain) return saved(await repo.updateCurrent(ctx, { domainSignUp: input.domainSignUp }));
  return saved(
    await repo.updateCurrent(ctx, {
      domain,
      domainSignUp: input.domainSignUp,
      domainVerifiedAt: null,
      domainProofMethod: null,
      domainChallenge: domain ? newDomainChallenge() : null,
      domainCodeHash: null,
      domainCodeSentTo: null,
      domainCodeExpiresAt: null,
      domainCodeAttempts: 0,
    }),
  );
}

export async function verifyDns(ctx: TenantContext, deps: WorkspaceDomainDeps): Promise<WorkspaceDomain> {
  const row = await current(ctx);
  const dto = toDto(row);
  if (!dto.dnsRecord) throw fieldError('domain', 'domainRequired', 'Set a domain first');
  const values = await deps.resolveTxt(dto.dnsRecord.name);
  if (!values.includes(dto.dnsRecord.value)) {
    throw notProven('domain', `No TXT record ${dto.dnsRecord.name} with the value ${dto.dnsRecord.value} was found`);
  }
  return saved(await repo.updateCurrent(ctx, { domainVerifiedAt: new Date(), domainProofMethod: 'dns' }));
}

// Mails a one-time code to localPart@domain; whoever reads that mailbox can prove the domain.
export async function sendCode(ctx: TenantContext, deps: WorkspaceDomainDeps, localPart: string): Promise<WorkspaceDomain> {
  const row = await current(ctx);
  if (!row.domain) throw fieldError('domain', 'domainRequired', 'Set a domain first');
  const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  const to = `${localPart}@${row.domain}`;
  const updated = await repo.updateCurrent(ctx, {
    domainCodeHash: hashCode(code).toString('hex'),
    domainCodeSentTo: to,
    domainCodeExpiresAt: new Date(Date.now() + CODE_TTL_MS),
    domainCodeAttempts: 0,
  });
  await deps.mailer.send({
    to,
    subject: `Atrium: confirm that ${row.name} may use ${row.domain}`,
    text: `${ctx.user.name} asks to let people with an address at ${row.domain} join the workspace ${row.name} on Atrium.\n\nIf that is right, give them this code: ${code}\n\nThe code is valid for one hour. If you did not expect this, ignore this message: nothing changes without the code.\n`,
  });
  return saved(updated);
}

export async function confirmCode(ctx: TenantContext, deps: WorkspaceDomainDeps, code: string): Promise<WorkspaceDomain> {
  const row = await current(ctx);
  const live = row.domainCodeHash && row.domainCodeExpiresAt && row.domainCodeExpiresAt > new Date();
  if (!live || row.domainCodeAttempts >= CODE_ATTEMPTS) throw notProven('code', 'There is no valid code; send a new one');
  if (!timingSafeEqual(hashCode(code), Buffer.from(row.domainCodeHash ?? '', 'hex'))) {
    await repo.countCodeAttempt({ ...ctx, db: deps.db });
    throw notProven('code', 'The code is not right');
  }
  return saved(
    await repo.updateCurrent(ctx, {
      domainVerifiedAt: new Date(),
      domainProofMethod: 'email',
      domainCodeHash: null,
      domainCodeExpiresAt: null,
      domainCodeAttempts: 0,
    }),
  );
}
