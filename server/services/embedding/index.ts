/** Nhúng: stories pulled from Chinese sites, converted to Vietnamese and followed for new chapters. */
export { loadEmbeddedChapter } from './chapterLoader';
export { checkStory } from './check';
export { embedLink, findBySource } from './embed';
export { followState, followStory, newChaptersOf, unfollowStory } from './follow';
export { runFollowCheck, type FollowCheckReport } from './followCheck';
export { parseLinkInput, resolveLink, MAX_LINK_LENGTH } from './links';
export { parseSaveStoryNamesInput, readerNamesOf, readStoryNames, saveReaderNames, storyNamesOf, ZStoryIdParam } from './names';
export { parseProposeNameInput, parseWithdrawProposalInput, proposeName, withdrawNameProposal } from './nameProposals';
export { importNamePack, parseImportNamePackInput } from './namePacks';
export { previewLink } from './preview';
export { approveStory } from './approve';
