// The password rule, in one place: the schemas apply it and the refusal says it (issue 28, part 6: a
// user told only "valid passwords" could not guess what was wrong).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
