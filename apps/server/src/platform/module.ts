import type { Config } from './config';
import type { Database } from './database';
import type { JobRuntime } from './jobs/job-runtime';
import type { InboundMailRegistry } from './mail/inbound-listener';
import type { Mailer } from './mail/mailer';

// What the app hands every business module when it registers. It belongs to the platform, so
// a module's door (index.ts) and modules/index.ts never import each other for it.
// `inboundMail`: where a module claims the mail that arrives on the inbound SMTP listener.
export type ModuleDeps = { config: Config; database: Database; mailer: Mailer; jobs: JobRuntime; inboundMail: InboundMailRegistry };
