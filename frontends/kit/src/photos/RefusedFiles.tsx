import { Alert } from 'antd';
import type { RefusedFile } from './uploadOutcome';

/** Files that were not uploaded, each with its reason in words, on screen (not behind a tooltip). */
export function RefusedFiles({ files }: { files: RefusedFile[] }) {
  if (files.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={files.length === 1 ? 'This file was not uploaded' : `These ${files.length} files were not uploaded`}
      description={
        <ul aria-label="Not uploaded" style={{ margin: 0, paddingInlineStart: 18 }}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <strong>{file.name}</strong>: {file.reason}
            </li>
          ))}
        </ul>
      }
    />
  );
}
