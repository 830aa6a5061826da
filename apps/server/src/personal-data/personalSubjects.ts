// Whose key seals a personal value (migrations/20261129T010000_personal_keys.ts names them in SQL the
// same way): a participation's identity and, apart, what they wrote (so a lab's chat retention erases
// the words and keeps the attendance), an account, and an address no account holds (a failed sign-in,
// a data request's export), a registration for a public event. Erasing a person deletes the keys of all their subjects.

export const sameAddress = (email: string) => email.trim().toLowerCase();

export const participantIdentitySubject = (participantId: number) => `participant:${participantId}`;
export const participantContentSubject = (participantId: number) => `participant:${participantId}:content`;
export const userSubject = (userId: number) => `user:${userId}`;
export const registrationSubject = (registrationId: number) => `registration:${registrationId}`;
export const addressSubject = (labId: number, email: string) => `address:${labId}:${sameAddress(email)}`;

/** Every subject of one person of a lab: their address, their account, each of their participations. */
export function subjectsOfPerson(
  labId: number,
  person: {
    email: string;
    userId: number | null;
    participantIds: readonly number[];
    registrationIds?: readonly number[];
  },
): string[] {
  return [
    addressSubject(labId, person.email),
    // A failed sign-in with an address no account holds belongs to no lab (`address::<address>`): the
    // address is the person's all the same, and any lab's erasure of it erases that too.
    `address::${sameAddress(person.email)}`,
    ...(person.userId === null ? [] : [userSubject(person.userId)]),
    ...person.participantIds.flatMap((id) => [participantIdentitySubject(id), participantContentSubject(id)]),
    ...(person.registrationIds ?? []).map(registrationSubject),
  ];
}
