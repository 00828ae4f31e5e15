import type { Request, Response } from 'express';
import { Get, JsonController, Post, QueryParam, Req, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { NEWSLETTER_UNSUBSCRIBE_ROUTE, NewsletterUnsubscribeTokensService, UnsubscribeFromNewsletterUseCase } from '@platform/domain';
import { ApiDoc, ApiParameters, WebAndMobile } from '@platform/http';
import { NEWSLETTER_UNSUBSCRIBE_HEADERS, renderUnsubscribeConfirmPage, renderUnsubscribedPage } from './newsletter-unsubscribe.page';
import { NewsletterUnsubscribeRateLimit } from './newsletter-unsubscribe-rate-limit';

const TOKEN_DOC = {
  in: 'query',
  name: 'token',
  required: true,
  description: "The signed token of the newsletter email's unsubscribe link (List-Unsubscribe); it does not expire.",
  schema: { type: 'string' },
};
const BAD_TOKEN = 'Errors: 400 VALIDATION_ERROR for a missing, malformed or altered token.';
const ALIAS = 'Also served under /api/mobile/content/newsletter/unsubscribe.';

/**
 * The one-click unsubscribe of newsletter emails (RFC 8058; issue 24 "Delivery"), public: the
 * signed token in the link is the credential. GET only shows a button (mail scanners prefetch
 * links); POST unsubscribes. Thin: the rule is UnsubscribeFromNewsletterUseCase's. Rate limited
 * on its own (NewsletterUnsubscribeRateLimit: per user a valid token names, else per IP).
 */
@Service()
@JsonController()
@NewsletterUnsubscribeRateLimit()
export class NewsletterUnsubscribeController {
  constructor(
    private readonly unsubscribe: UnsubscribeFromNewsletterUseCase,
    private readonly tokens: NewsletterUnsubscribeTokensService,
  ) {}

  @WebAndMobile(Get, NEWSLETTER_UNSUBSCRIBE_ROUTE)
  @ApiParameters(TOKEN_DOC)
  @ApiDoc(
    'Newsletter unsubscribe page (HTML): a button that unsubscribes',
    `Public. Opening the link changes nothing (mail scanners fetch links): the page's button POSTs to the same URL. ${BAD_TOKEN} (JSON) ${ALIAS}`,
  )
  @OpenAPI({ responses: { '200': { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } } } })
  confirm(@QueryParam('token') token: string, @Req() req: Request, @Res() res: Response) {
    this.tokens.verify(token);
    const action = `${req.path}?${new URLSearchParams({ token }).toString()}`;
    res.status(200).set(NEWSLETTER_UNSUBSCRIBE_HEADERS).type('html').send(renderUnsubscribeConfirmPage(action));
    return res;
  }

  @WebAndMobile(Post, NEWSLETTER_UNSUBSCRIBE_ROUTE)
  @ApiParameters(TOKEN_DOC)
  @ApiDoc(
    'One-click unsubscribe from newsletter emails (RFC 8058)',
    'Public. What a mail client POSTs for the List-Unsubscribe header (body `List-Unsubscribe=One-Click`, form-encoded; ' +
      'any other body, or none, is accepted too). The user the token names gets no newsletter email from then on; push ' +
      'is not affected. Idempotent: a repeat answers the same. Data: { unsubscribed: true }; a browser asking for HTML ' +
      `(the page's button) gets a confirmation page instead. ${BAD_TOKEN} ${ALIAS}`,
  )
  async oneClick(@QueryParam('token') token: string, @Req() req: Request, @Res() res: Response) {
    const view = await this.unsubscribe.execute(token);
    if (req.accepts(['json', 'html']) !== 'html') return view;
    res.status(200).set(NEWSLETTER_UNSUBSCRIBE_HEADERS).type('html').send(renderUnsubscribedPage());
    return res;
  }
}
