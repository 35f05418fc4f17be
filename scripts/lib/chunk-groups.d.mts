import type { CodeSplittingOptions } from 'rolldown';

export const SHARED_BY: number;
export function chunkGroups(root: string): CodeSplittingOptions;
