// What an import of CRM records knows about their fields: the column names other products
// export for them (HubSpot and Salesforce exports, Outlook and Google contacts, German
// spreadsheets; compared after normalising) and the template's example values. Contacts, leads
// and organizations share these fields; each definition spreads the entries of its own.
export const CRM_IMPORT_FIELDS = {
  firstName: { importAliases: ['first name', 'firstname', 'given name', 'first', 'vorname'], example: 'Ada' },
  lastName: { importAliases: ['last name', 'lastname', 'surname', 'family name', 'last', 'nachname'], example: 'Lovelace' },
  email: {
    importAliases: ['email', 'e-mail', 'email address', 'e-mail address', 'e-mail 1 - value', 'mail', 'e-mail-adresse'],
    example: 'ada@example.com',
  },
  phone: {
    importAliases: [
      'phone',
      'phone number',
      'telephone',
      'business phone',
      'mobile phone',
      'mobile',
      'phone 1 - value',
      'telefon',
      'telefonnummer',
    ],
    example: '+44 20 7946 0000',
  },
  // a contact's organization, by name
  organizationId: {
    importAliases: [
      'company',
      'company name',
      'account name',
      'account',
      'organization',
      'organisation',
      'associated company',
      'firma',
      'unternehmen',
    ],
    example: 'Analytical Engines Ltd',
  },
  jobTitle: { importAliases: ['job title', 'title', 'position', 'jobtitle', 'berufsbezeichnung'], example: 'Mathematician' },
  department: { importAliases: ['department', 'abteilung'] },
  website: { importAliases: ['website', 'website url', 'web site', 'url', 'webseite'], example: 'https://example.com' },
  address: { importAliases: ['address', 'street address', 'mailing street', 'street', 'adresse', 'strasse'] },
  // an organization's own name
  organizationName: {
    importAliases: ['name', 'company name', 'account name', 'organization name', 'firmenname'],
    example: 'Analytical Engines Ltd',
  },
} as const;
