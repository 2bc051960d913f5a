/** Human-readable error details returned by the API (REST `{"detail"}` and tRPC `message`). */
export const ERROR = {
  authRequired: 'Authentication required',
  sessionInvalid: 'Invalid or expired session',
  otherSpace: 'Your session does not belong to this space',
  adminOnly: 'Only admins can do this',
  spaceNotFound: 'Space not found',
  spaceExists: 'A space with this name already exists',
  invalidSpaceCredentials: 'Invalid space name or space key',
  userNotFound: 'User not found',
  invalidPassword: 'Invalid password',
  passwordRequired: 'This space requires users to have a password',
  selfRegistrationDisabled:
    'Self registration is disabled for this space. Ask an admin to add you.',
  usernameExists: 'Username already exists. Please choose a different username.',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotDeleteYourself: 'You cannot delete yourself',
  renameOnlyYourself: 'You can only rename yourself',
  contentNotFound: 'No content for this tool yet',
  versionConflict: 'Content was modified by another user. Please try your changes again.',
  invalidEnvelope: 'encrypted_data must be an encryption envelope {"data","iv","salt"} (base64)',
  invalidVerifier: 'must be a verifier: standard base64 of 32 bytes',
  metadataTooLarge: 'metadata is too large',
  invalidOperationEnvelope:
    'operations must hold operation envelopes {"v":"op1","data","iv","salt"} (base64)',
  sinceInvalid: 'since must be a whole number ≥ 0',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
} as const;
