import { z } from 'zod';

// Stable problem codes (ARCHITECTURE §5). The SPA translates each into a caption.
export const ERROR_CODES = [
  'validation', 'required', 'invalidEmail', 'invalidUrl', 'maxLength', 'minLength',
  'titleMaxLength', 'slugRequired', 'slugMaxLength', 'slugAlreadyExists', 'slugInvalid',
  'domainRequired', 'domainMaxLength', 'domainInvalid', 'tagMaxCharacters', 'duplicateLabel',
  'duplicateKey', 'duplicateTitle', 'duplicateFile', 'minimumTeams', 'minimumUsers',
  'minimumStages', 'minimumFields', 'minimumOptions', 'minimumFiles', 'minimumItems', 'unique',
  'invalidRecurrenceRule', 'invalidDueDate', 'invalidStartEndTime', 'invalidEndDate',
  'unavailableTimeSlot', 'pastDateTime', 'fileType', 'fileSize', 'emptyFile', 'maxFiles',
  'totalSize', 'imageType', 'imageSize', 'malformedBody', 'unknownField',
  'unauthorized', 'accessDenied', 'forbidden', 'accessRestricted', 'notFound', 'conflict',
  'preconditionFailed', 'preconditionRequired', 'idempotencyKeyReused', 'rateLimited',
  'internalServerError', 'planLimitReached', 'planFeatureRequired', 'defaultTeamCannotBeDeleted',
  'defaultPipelineCannotBeDeleted', 'linkedPipelineCannotBeDeleted', 'lastAdminCannotBeRemoved',
  'invalidInviteLink', 'alreadyMember', 'tenantRequired', 'emailNotVerified',
  'invalidCredentials', 'tooManyAttempts', 'invalidToken', 'passwordTooWeak', 'userAlreadyExists',
  'notRecommended',
  // entity engine (#4)
  'unknownOperator', 'readOnlyField', 'restrictedField', 'patchTestFailed', 'invalidPatch',
  'invalidOption', 'invalidStage',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const problemFieldSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
});
export type ProblemField = z.infer<typeof problemFieldSchema>;

// RFC 9457 problem details with our stable code and per-field errors.
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  requestId: z.string().optional(),
  errors: z.array(problemFieldSchema).optional(),
  limit: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;
