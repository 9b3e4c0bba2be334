// What customer management adds to the shared enumerations (ACTIVITY_ACTIONS, ERROR_CODES),
// collected by ../module-enumerations.ts. No imports: the shared schemas load this file early.

// a lead converted into a contact or organization (after: it), which was created from the lead
export const LEAD_CONVERSION_ACTIONS = ['converted', 'convertedFrom'] as const;
// setByConversion: a client wrote a lead's status Converted, which only the conversion sets
export const LEAD_CONVERSION_ERRORS = ['alreadyConverted', 'notForOrganization', 'setByConversion'] as const;
// a contact's e-mail states (field: blocked, spam, unsubscribed)
export const CONTACT_STATE_ACTIONS = ['stateSet', 'stateCleared'] as const;

export const CRM_ACTIVITY_ACTIONS = [...LEAD_CONVERSION_ACTIONS, ...CONTACT_STATE_ACTIONS] as const;
export const CRM_ERROR_CODES = [...LEAD_CONVERSION_ERRORS] as const;
