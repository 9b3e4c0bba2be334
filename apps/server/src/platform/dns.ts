import { Resolver } from 'node:dns/promises';

// TXT lookups for proofs of domain ownership. DNS_SERVERS names the resolvers (tests run
// their own); otherwise the system's.
export type TxtResolver = (name: string) => Promise<string[]>;

export function createTxtResolver(servers: readonly string[] | undefined): TxtResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      // a record may be split into strings of 255 characters; they form one value
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch {
      return [];
    }
  };
}
