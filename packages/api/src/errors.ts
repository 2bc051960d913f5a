/** Human-readable error details returned by the API (REST `{"detail"}` and tRPC `message`). */
export const ERROR = {
  authRequired: 'Authentication required',
  sessionInvalid: 'Invalid or expired session',
  tooManyMessages: 'Too many messages on this connection: it is closed. Reconnect and send fewer.',
  tooManySubscriptions:
    'Too many subscriptions on this connection: stop one before starting another, or open another connection.',
  socketNotAuthenticated:
    'Authentication required: send your token (connectionParams) when connecting. The connection is closed.',
  otherSpace: 'Your session does not belong to this space',
  adminOnly: 'Only admins can do this',
  spaceNotFound: 'Space not found',
  spaceExists: 'A space with this name already exists',
  spaceLookalike: 'A space with a name that looks the same already exists',
  spaceNameInvisible: 'Space name must not contain invisible or formatting characters',
  spaceNameMixedScripts:
    'Space name must be written in one script, not mixed (for example Latin with Cyrillic letters)',
  invalidSpaceCredentials: 'Invalid space name or space key',
  userNotFound: 'User not found',
  invalidPassword: 'Invalid password',
  passwordRequired: 'This space requires users to have a password',
  selfRegistrationDisabled:
    'Self registration is disabled for this space. Ask an admin to add you.',
  usernameExists: 'Username already exists. Please choose a different username.',
  usernameLookalike:
    'A username that looks the same already exists. Please choose a different username.',
  usernameInvisible: 'Username must not contain invisible or formatting characters',
  usernameMixedScripts:
    'Username must be written in one script, not mixed (for example Latin with Cyrillic letters)',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotDeleteYourself: 'You cannot delete yourself',
  renameOnlyYourself: 'You can only rename yourself',
  contentNotFound: 'No content for this tool yet',
  versionConflict: 'Content was modified by another user. Please try your changes again.',
  invalidEnvelope: 'encrypted_data must be an encryption envelope {"data","iv","salt"} (base64)',
  envelopeOrOperations: 'encrypted_data is required unless the save sends operations',
  firstSaveNeedsEnvelope: 'the first save of a tool needs encrypted_data',
  invalidVerifier: 'must be a verifier: standard base64 of 32 bytes',
  metadataTooLarge: 'metadata is too large',
  invalidOperationEnvelope:
    'operations must hold operation envelopes {"v":"op1","data","iv","salt"} (base64)',
  sinceInvalid: 'since must be a whole number ≥ 0',
  baseVersionInvalid: 'base_version must be a whole number ≥ 0',
  proposalTooLarge: 'operations of a proposal must total at most 2000 characters',
  versionNotKept: 'This version is not kept in the history',
  versionAhead: 'This version does not exist yet: it is newer than the current version',
  versionBeforeFirst: 'This version does not exist: versions start at 1',
  historyVersionInvalid: 'version must be a whole number ≥ 1',
  historyBeforeInvalid: 'before must be a whole number ≥ 1',
  historyLimitInvalid: 'limit must be a whole number from 1 to 100',
  historyFromInvalid: 'from must be a whole number ≥ 1',
  historyAfterInvalid: 'after must be a whole number ≥ 0',
  saveIdReused:
    'This Idempotency-Key (save_id) was already used for a different save: send a new key with every new save. Nothing was saved.',
  storageQuotaReached:
    'This space has used up its storage quota (content and history). Nothing was saved. Remove content you no longer need or ask the server operator to raise the quota.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
} as const;
