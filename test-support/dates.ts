/** Calendar dates in India (Asia/Kolkata), where test drives are booked. */

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The India calendar date `days` days from today (negative: before), `YYYY-MM-DD`. */
export function dayFromToday(days: number): string {
  const d = new Date(`${indiaDate.format(new Date())}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
