/**
 * Characters no page may hold, written or made by an escape: C0 controls
 * other than tab, newline and carriage return, DEL, C1 controls, and the
 * bidirectional overrides that can disguise text (Trojan Source). Global:
 * use with matchAll, or its source in a new RegExp.
 */
export const controlPattern = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** A surrogate without its pair, which is not a character at all. */
export const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
