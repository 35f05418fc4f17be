/** The boot script's entry: the build writes its data in for `__PORTAL_BOOT_CONFIG__` (scripts/vite/boot-script.ts). */
import { boot } from './boot.ts';
import type { BootConfig } from './contract.ts';

declare const __PORTAL_BOOT_CONFIG__: BootConfig;

boot(__PORTAL_BOOT_CONFIG__);
