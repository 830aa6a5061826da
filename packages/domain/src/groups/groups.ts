// The lab's groups (back-office spec 2.8, 3, 5, 7 and 9): a name, a colour, a picture, and the users,
// medias, documents and polls they gather. One set of schemas for the server's routes and the web's
// calls and panel. What a group may hold (ids of its own lab only) the server checks; the shapes are here.
import { z } from 'zod';
import { MESSAGES } from '../auth/messages.ts';
import { hasNoControlCharacters } from '../documents/documents.ts';
import { idSchema } from '../shared/ids.ts';
import { text } from '../shared/text.ts';

/** The spec's page sizes of the users and groups lists. */
export const GROUP_PAGE_SIZES = [10, 20, 50, 100, 1000] as const;

/** A group's colour when none is given (the spec's default). */
export const DEFAULT_GROUP_COLOR = '#3c7cff';

/** The member badge shows at most this number, as "+99" beyond it. */
export const GROUP_BADGE_CAP = 99;

export const GROUP_NAME_MAX_LENGTH = 200;

/** The most ids of one kind a group takes in one request (a lab's users fit many times over). */
export const GROUP_LINKS_MAX = 10_000;

/** What the member badge says: the count, or "+99" past the spec's cap. */
export function memberBadge(count: number): string {
  return count > GROUP_BADGE_CAP ? `+${GROUP_BADGE_CAP}` : String(count);
}

/** A group's name: required ('This field must be filled'), one line of storable text. */
export const groupNameSchema = text({ error: MESSAGES.fieldRequired })
  .trim()
  .min(1, { error: MESSAGES.fieldRequired })
  .max(GROUP_NAME_MAX_LENGTH, { error: `must be at most ${GROUP_NAME_MAX_LENGTH} characters` })
  .refine(hasNoControlCharacters, { error: 'must be a single line of text' });

/** `#rrggbb`, kept lower-case (what `<input type="color">` gives). */
export const groupColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour written #rrggbb' })
  .transform((value) => value.toLowerCase());

const linkId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Ids of one kind, each once, in the order first given. */
const idList = z
  .array(linkId)
  .max(GROUP_LINKS_MAX, { error: `at most ${GROUP_LINKS_MAX} ids` })
  .transform((ids) => [...new Set(ids)]);

/**
 * POST groups and PUT groups/{id}: the spec's fields (name, color, users, medias, documents, polls).
 * A list left out is empty on create and unchanged on edit; `picture_url: null` removes the picture
 * (a picture is set through POST upload, never by naming a URL).
 */
export const groupFormSchema = z.object({
  name: groupNameSchema,
  color: groupColorSchema.optional(),
  users: idList.optional(),
  medias: idList.optional(),
  documents: idList.optional(),
  polls: idList.optional(),
  picture_url: z.null().optional(),
});
export type GroupFormInput = z.input<typeof groupFormSchema>;
export type GroupForm = z.output<typeof groupFormSchema>;

/** The lists a group holds, by the name the spec gives each. */
export const GROUP_LINKS = ['users', 'medias', 'documents', 'polls'] as const;
export type GroupLink = (typeof GROUP_LINKS)[number];

/** A group as the calls answer it: its fields, the ids it holds, and how many members it has. */
export const groupSchema = z.object({
  id: z.number(),
  lab_id: z.number(),
  name: z.string(),
  color: z.string(),
  picture_url: z.string().nullable(),
  users: z.array(z.number()),
  medias: z.array(z.number()),
  documents: z.array(z.number()),
  polls: z.array(z.number()),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** GET groups?lab_id=: the lab named must be the caller's own. */
export const groupsQuerySchema = z.object({ lab_id: idSchema.optional() });

const choiceSchema = z.object({ id: z.number(), name: z.string() });
export type GroupChoice = z.infer<typeof choiceSchema>;

/**
 * GET groups/choices: what the panel offers to put in a group, with the permission that manages groups
 * (a groups manager may not manage documents or polls, whose own lists need those permissions): the
 * lab's users, the medias it may use, its documents not deleted and its prepared polls not deleted.
 */
export const groupChoicesSchema = z.object({
  users: z.array(choiceSchema.extend({ email: z.string() })),
  medias: z.array(choiceSchema),
  documents: z.array(choiceSchema),
  polls: z.array(choiceSchema),
});
export type GroupChoices = z.infer<typeof groupChoicesSchema>;
