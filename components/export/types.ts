/** The story a "Tải về" dialog is for. */
export interface ExportBook {
  storyId: string;
  slug: string;
  title: string;
  /** The latest chapter's number. */
  latest: number;
}
