/**
 * The few globals this package uses that both browsers and Node (≥ 20) provide but ES2023's lib
 * does not declare. The package has neither the DOM's nor Node's types, so nothing else of either
 * can creep in.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly href: string;
}

declare function structuredClone<T>(value: T): T;
