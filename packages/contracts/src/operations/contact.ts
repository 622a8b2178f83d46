/**
 * The Contact page's message to the support team (spec §2; issue 7).
 */
import { contactBody, contactResponse } from '../contact';
import { defineOperations, error } from './define';

/** Every operation of this area, keyed by operation id, in the order of the API document. */
export const contactOperations = defineOperations({
  // contact (spec §2 Contact page, issue 7)
  sendContactMessage: {
    method: 'post',
    path: '/api/contact',
    summary: 'Send a message from the Contact page to the support team (notification service)',
    description:
      'E-mails the support address (SUPPORT_EMAIL) with the sender as Reply-To. At most 10 messages per ' +
      'client IP per 10 minutes.',
    tags: ['Contact'],
    service: 'notification',
    access: 'public',
    request: { body: contactBody },
    responses: {
      200: { description: 'Sent', schema: contactResponse },
      429: error('Too many messages from this address; try again later'),
      503: error('The message could not be sent right now; try again later'),
    },
  },
});
