import { z } from 'zod';
import { isPublicMailDomain } from './public-mail-domains';
import { domainSchema } from './schemas';

// A domain a workspace may claim: well-formed and not a public mail domain.
export const claimableDomainSchema = domainSchema.refine((d) => !isPublicMailDomain(d), { error: 'publicMailDomain' });

// A workspace's join-by-domain setting. Until the domain is proven (a DNS TXT record, or a code
// mailed to an address in the domain) the workspace is recommended to nobody.
export const DOMAIN_PROOF_METHODS = ['dns', 'email'] as const;
export const workspaceDomainSchema = z.object({
  domain: z.string().nullable(),
  domainSignUp: z.boolean(),
  verifiedAt: z.string().nullable(),
  method: z.enum(DOMAIN_PROOF_METHODS).nullable(),
  // the TXT record that proves the domain
  dnsRecord: z.object({ name: z.string(), value: z.string() }).nullable(),
  // where the last code went, if one is pending
  codeSentTo: z.string().nullable(),
});
export type WorkspaceDomain = z.infer<typeof workspaceDomainSchema>;

export const workspaceDomainUpdateSchema = z.strictObject({
  domain: z.union([claimableDomainSchema, z.literal(''), z.null()]),
  domainSignUp: z.boolean(),
});
export type WorkspaceDomainUpdate = z.infer<typeof workspaceDomainUpdateSchema>;

export const domainCodeRequestSchema = z.strictObject({
  localPart: z
    .string({ error: 'required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'required' })
    .max(64, { error: 'maxLength' })
    .regex(/^[a-z0-9._%+-]+$/, { error: 'invalidEmail' }),
});
export const domainCodeConfirmSchema = z.strictObject({
  code: z
    .string({ error: 'required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8}$/, { error: 'validation' }),
});
