// The shape a translation must have: the English keys, each with a text of the translator's choice.
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
