// Every table, for code that needs the whole schema (tests, tooling). Modules import tables
// from their own files.
export * from '../identity/identity.table';
export * from '../platform/mail/mail.table';
export * from '../modules/admin/admin.table';
