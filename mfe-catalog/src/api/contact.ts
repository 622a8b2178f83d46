/** The Contact page's call (spec §2 "Static pages", issue 9), by operation id through `callOperation`. */
import { callOperation, type OperationBody } from '@marketplace/ui';

/** What `sendContactMessage` sends: name, e-mail, message and an optional phone number. */
export type ContactMessage = OperationBody<'sendContactMessage'>;

/**
 * `sendContactMessage` (`POST /api/contact`): sends the message to the support team (notification
 * service); resolves with the server's confirmation. @throws ApiError when it fails (toasted with the
 * server's message by the API client).
 */
export async function sendContactMessage(body: ContactMessage): Promise<string> {
  const { data } = await callOperation('sendContactMessage', { body });
  return data.message;
}
