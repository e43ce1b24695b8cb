/** Longest expression or equation accepted, in characters (longer input is refused before parsing). */
export const MAX_EXPRESSION_LENGTH = 4096;

/** Deepest nesting of parentheses, unary signs, powers and calls the parser accepts. */
export const MAX_NESTING_DEPTH = 100;

/** Largest `n` for `factorial(n)`: 171! no longer fits in a double. */
export const MAX_FACTORIAL = 170;

/** Most arguments a variadic function (`gcd`, `lcm`) accepts. */
export const MAX_ARGUMENTS = 64;
