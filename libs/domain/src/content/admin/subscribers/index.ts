/** The admin subscriber list (issue 24 "Admin"; CONTRACT section 10): users holding a content tier now. */
export { CONTENT_SUBSCRIBER_SORTS, CONTENT_SUBSCRIBER_TIERS, FetchContentSubscribersDto } from './dto/fetch-content-subscribers.dto';
export { CONTENT_SUBSCRIBERS_UNPAGINATED_LIMIT, ContentSubscribersService } from './content-subscribers.service';
