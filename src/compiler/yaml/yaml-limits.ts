import { maxProblemsPerFile } from '../problems/problems.ts'

/** Limits that keep a hostile or broken file from slowing the build down. */
export const limits = {
  /** The largest real page is a few KiB; this leaves room and stops abuse. */
  maxFileBytes: 128 * 1024,
  maxDepth: 32,
  maxKeysPerMapping: 500,
  maxProblemsPerFile,
} as const
