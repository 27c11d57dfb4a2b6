/** "1 message", "3 messages". */
export function messageCountLabel(n: number): string {
  return `${n} message${n === 1 ? '' : 's'}`;
}

/** Today's time ("14:05"), else the date ("3 Dec", with the year when it is not this year). */
export function conversationDate(at: number, now = Date.now(), locale?: string): string {
  const d = new Date(at);
  const today = new Date(now);
  if (d.toDateString() === today.toDateString()) return d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const sameYear = d.getFullYear() === today.getFullYear();
  return d.toLocaleDateString(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
}
