/** Events the notification worker consumes (it publishes none). */
import { events } from '@marketplace/contracts';
import type { Consumer, Notifier } from '@marketplace/platform';
import { otpSmsText } from './domain/messages';

type OtpRequested = (typeof events)['auth.otp.requested']['envelope']['_output'];

/** Sends the sign-up one-time code by SMS (dev outbox when no SMS gateway is configured). */
export function otpSmsConsumer(notifier: Notifier): Consumer<OtpRequested> {
  return {
    name: 'notification.otp-sms',
    events: ['auth.otp.requested'],
    schema: events['auth.otp.requested'].envelope,
    async handle(event) {
      await notifier.sendSms({ to: event.payload.phone_number, text: otpSmsText(event.payload.otp) });
    },
  };
}
