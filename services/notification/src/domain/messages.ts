/**
 * Texts of the messages the notification worker sends. OTP validity (10 minutes) is the auth rule of issue 4.
 */

/** SMS carrying a sign-up one-time code (6 digits, spec §9). */
export function otpSmsText(otp: string): string {
  return `${otp} is your Used Car Marketplace verification code. It expires in 10 minutes. Do not share it with anyone.`;
}
