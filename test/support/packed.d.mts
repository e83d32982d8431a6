// Types of packed.mjs.

export const root: string;

export interface PackedPackage {
  /** Absolute path of the .tgz. */
  tarball: string;
  /** Bytes of the tarball. */
  size: number;
  /** Bytes of the files in it. */
  unpackedSize: number;
  /** Paths inside the package. */
  files: string[];
}

export interface InstalledProject {
  directory: string;
  installMs: number;
  /** Top-level names under node_modules, sorted. */
  installed: string[];
  /** Bytes of node_modules. */
  bytes: number;
}

export function staleBuildReason(): string | null;
export function packPackage(destination: string): Promise<PackedPackage>;
export function pinned(name: string): string;
export function installPackage(options: {
  tarball: string;
  directory: string;
  /** Names of packages this repository pins, installed at those versions. */
  packages?: string[];
  /** The project's package.json `type`. Default `module`. */
  type?: 'module' | 'commonjs';
}): Promise<InstalledProject>;
