/** Shapes of the API (../shared/API.md), shared by the server and the browser. */

export interface Genre {
  _id: string;
  name: string;
  slug: string;
  hot: boolean;
}

export interface FilterOption {
  key: string;
  name: string;
}

export interface Filter {
  key: 'sort' | 'chapters';
  name: string;
  options: FilterOption[];
}

export interface SiteSettings {
  cats: Genre[];
  filters: Filter[];
}

export type StoryStatus = 'ongoing' | 'completed';

export interface StoryCard {
  _id: string;
  slug: string;
  title: string;
  author: string;
  cover: string | null;
  status: StoryStatus;
  chapters: number;
  genres: { _id: string; name: string }[];
  updatedAt: number;
}

export interface Story extends StoryCard {
  description: string;
  latestChapter: { index: number; title: string; time: number } | null;
  views: number;
  rating: { avg: number; count: number };
  bookmarks: number;
  origin: 'native' | 'embedded';
}

export interface Paged<T> {
  results: T[];
  total: number;
  page: number;
  perpage: number;
}

export interface Bookmark {
  _id: string;
  chapter: number;
  save: boolean;
  time: number;
  /** Chapters of a followed embedded story added since the reader last read it. */
  newChapters?: number;
  story?: StoryCard;
}

export interface UserProfile {
  _id: string;
  email: string;
  username: string;
  avatar: string | null;
  expireTime: number;
  createdAt: number;
}

export interface ChapterText {
  message: string;
  title: string;
  index: number;
}
