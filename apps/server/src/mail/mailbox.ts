// A mailbox as the product's settings write it ("LabLive <no-reply@lablive.local>" or a bare address),
// split into its display name and address: a calendar entry's organiser needs them apart.
export function mailboxOf(value: string): { name: string; email: string } {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (named) {
    const email = (named[2] ?? '').trim();
    return { name: (named[1] ?? '').trim() || email, email };
  }
  return { name: value.trim(), email: value.trim() };
}
