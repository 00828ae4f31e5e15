import { MessageBodyField } from '../../dto/discussion-fields';

/**
 * The body of POST /api/mobile/channels/:id/discussion/messages and PATCH
 * /api/mobile/discussion-messages/:id: `{ body }`, by the one message-body rule the admin routes
 * use too (trimmed; 1 to 4,000 characters counted as code points, as the CHECK's char_length; at
 * least one visible character; no control character but \n and \t). Any other key is 422
 * (readStrictBody).
 */
export class MobileDiscussionMessageBodyDto {
  @MessageBodyField()
  body: string;
}
