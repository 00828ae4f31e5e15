/** OpenAPI texts the admin discussion controllers share (issue 23 "Admin discussion and moderation"). */
export const DISCUSSION_FIELDS =
  'data is the discussion: id, channelId, title, isEnabled, requiredFeatureKey (null: the channel\'s access alone opens it), ' +
  'slowModeEnabled, slowModeIntervalSeconds (null unless set), createdByAdminId, createdAt, updatedAt.';
export const MESSAGE_FIELDS =
  'A message (full view): id (string), discussionId, authorType (USER | ADMIN), authorUserId, authorAdminId, body (null for a ' +
  'deleted message, a tombstone), isDeleted, deletedAt, deletedByAdminId, editedAt, editedByUserId, editedByAdminId (the last ' +
  'editor; one of the two), createdAt, updatedAt.';
export const CHANNEL_ID =
  '404 CHANNEL_NOT_FOUND for an unknown channel; a channel id that is not a positive integer (0 or a leading zero included) is ' +
  '400 VALIDATION_ERROR.';
export const BODY_422 =
  'Body problems (a missing or bad field, an unknown key, not a JSON object) are 422 UNPROCESSABLE with errors[] naming the field.';
export const SOFT_DELETED = 'A soft-deleted channel is 422 CHANNEL_SOFT_DELETED until it is restored.';
export const REASON =
  'reason? (trimmed, 1-500 characters, line feeds and tabs allowed; null or absent: none) is recorded in the moderation log.';
export const BODY_RULES =
  'body: trimmed, then 1-4000 characters (code points), at least one visible, no control characters but line feeds and tabs.';
