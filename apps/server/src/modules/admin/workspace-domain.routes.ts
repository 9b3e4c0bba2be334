import { domainCodeConfirmSchema, domainCodeRequestSchema, workspaceDomainSchema, workspaceDomainUpdateSchema } from '@atrium/domain';
import type { Router } from '../../platform/router';
import * as workspaceDomainService from './workspace-domain.service';
import type { WorkspaceDomainDeps } from './workspace-domain.service';

export function registerWorkspaceDomainRoutes(router: Router, deps: WorkspaceDomainDeps): void {
  const tags = ['workspace domain'];
  const manage = 'Setting.ManageUserDomain' as const;
  router.tenant({
    method: 'GET',
    url: '/api/v1/admin/workspace-domain',
    summary: 'The domain people may join by, and how far its proof has come',
    tags,
    permission: ['Setting.ViewUserDomain', manage],
    schemas: { response: workspaceDomainSchema },
    handler: (ctx) => workspaceDomainService.get(ctx),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/admin/workspace-domain',
    summary: 'Set the domain (a new one must be proven) and whether people of it may join',
    tags,
    permission: manage,
    example: { domain: 'acme-corp.test', domainSignUp: true },
    schemas: { body: workspaceDomainUpdateSchema, response: workspaceDomainSchema },
    handler: (ctx, { body }) => workspaceDomainService.update(ctx, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/admin/workspace-domain/verify-dns',
    summary: 'Prove the domain by its DNS TXT record',
    tags,
    permission: manage,
    schemas: { response: workspaceDomainSchema },
    handler: (ctx) => workspaceDomainService.verifyDns(ctx, deps),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/admin/workspace-domain/code',
    summary: 'Mail a one-time code to an address in the domain',
    tags,
    permission: manage,
    rateLimit: 'auth',
    status: 202,
    example: { localPart: 'it' },
    schemas: { body: domainCodeRequestSchema, response: workspaceDomainSchema },
    handler: (ctx, { body }) => workspaceDomainService.sendCode(ctx, deps, body.localPart),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/admin/workspace-domain/code/confirm',
    summary: 'Prove the domain with the mailed code',
    tags,
    permission: manage,
    rateLimit: 'auth',
    example: { code: 'ABCD2345' },
    schemas: { body: domainCodeConfirmSchema, response: workspaceDomainSchema },
    handler: (ctx, { body }) => workspaceDomainService.confirmCode(ctx, deps, body.code),
  });
}
