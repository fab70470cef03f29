import type { ThemeConfig } from 'antd';

/** The product's name as shown in the header and page titles. */
export const appName = 'Home Seller Analyzer';

/** One antd theme for the shell and every remote (antd is a shared singleton). */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f5eff',
    // Darker than antd's derived hover/active shades, so white text on a hovered primary button keeps AA contrast.
    colorPrimaryHover: '#1749cc',
    colorPrimaryActive: '#123a9f',
    colorInfo: '#1f5eff',
    colorSuccess: '#16a34a',
    colorError: '#dc2626',
    colorTextBase: '#0f172a',
    // Darker than antd's defaults so secondary text meets WCAG AA contrast on white and on the page background.
    colorTextSecondary: '#4b5567',
    colorTextTertiary: '#5b6577',
    colorTextDescription: '#4b5567',
    colorBgLayout: '#f6f8fb',
    borderRadius: 8,
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Card: { borderRadiusLG: 12 },
    Tabs: { titleFontSize: 15 },
  },
};
