// Test support of the domain: the given/when/then room specification. Never imported by product code.
export * from './roomSpecification.ts';
