import { Body, CurrentUser, Delete, JsonController, Param, Patch } from 'routing-controllers';
import { Service } from 'typedi';
import { AdminActor, AdminDeleteMessageUseCase, AdminEditMessageDto, AdminEditMessageUseCase, ModerationReasonDto } from '@platform/domain';
import { ApiBody, ApiDoc, ApiResponse, RequirePermission } from '@platform/http';
import { BODY_422, BODY_RULES, MESSAGE_FIELDS, REASON, SOFT_DELETED } from './discussion-docs';

const NOT_FOUND =
  '404 CHANNEL_MESSAGE_NOT_FOUND for an unknown message; an id that is not a positive integer (0 or a leading zero included) ' +
  'is 400 VALIDATION_ERROR.';

/** Any discussion message, for moderators (CONTRACT section 10): edit it, or delete it as a tombstone. */
@Service()
@JsonController('/api/admin/discussion-messages')
export class AdminDiscussionMessagesController {
  constructor(
    private readonly editMessage: AdminEditMessageUseCase,
    private readonly deleteMessage: AdminDeleteMessageUseCase,
  ) {}

  @Patch('/:id([1-9]\\d*)')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Edit any message',
    `Body AdminEditMessageDto { body, reason? } (${BODY_RULES} ${REASON}) Sets body, editedAt (now) and editedByAdminId (the ` +
      'token\'s sub), and clears editedByUserId: the last editor is named. Editing a user\'s message adds a message_edit entry ' +
      '(with the user and the reason) to the moderation log; an admin\'s message is edited without one. A deleted message is ' +
      `422 CHANNEL_MESSAGE_DELETED. ${SOFT_DELETED} Sends message.updated to discussion:{discussionId} after commit. ${BODY_422} ` +
      `${NOT_FOUND} data: ${MESSAGE_FIELDS}`,
  )
  @ApiBody(AdminEditMessageDto)
  async edit(@CurrentUser() admin: AdminActor, @Param('id') id: string, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.editMessage.execute(admin, id, body), 'Message updated successfully');
  }

  @Delete('/:id([1-9]\\d*)')
  @RequirePermission('Communications_UPDATE')
  @ApiDoc(
    'Delete any message (a tombstone)',
    `Optional body ModerationReasonDto { reason? } (${REASON}) The message stays as a tombstone in its place: isDeleted, body ` +
      'null, deletedAt, deletedByAdminId (the token\'s sub). Deleting a user\'s message adds a message_delete entry to the ' +
      'moderation log. Deleting a deleted message answers the tombstone again, with no second event or log entry. ' +
      `${SOFT_DELETED} Sends message.deleted to discussion:{discussionId} after commit. ${BODY_422} ${NOT_FOUND} data: ${MESSAGE_FIELDS}`,
  )
  @ApiBody(ModerationReasonDto, { required: false })
  async remove(@CurrentUser() admin: AdminActor, @Param('id') id: string, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.deleteMessage.execute(admin, id, body), 'Message deleted successfully');
  }
}
