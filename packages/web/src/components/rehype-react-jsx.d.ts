/**
 * rehype-react 8 registers its compile result as the global `JSX.Element` (unified's
 * CompileResultMap), which @types/react 19 no longer declares; without it every unified
 * processor type in the project degrades to an unresolved type. This names React's element type
 * there. JSX in our own files keeps using `react/jsx-runtime`'s JSX namespace (jsx: react-jsx).
 */
import type { JSX as ReactJSX } from 'react';

declare global {
  namespace JSX {
    type Element = ReactJSX.Element;
  }
}
