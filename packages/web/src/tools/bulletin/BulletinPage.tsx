// Placeholder until the screen lands; replaced by the tool's own page.
export { default } from '../../features/tool-shell/ToolUnavailablePage.tsx';
