import { z } from 'zod'
import { defineRoutes, unrecorded } from '../contract'
import { idParam } from '../schemas/common'
import { GradeOneBodySchema, MarkingQuerySchema, MarkingSchema, AnswerDetailSchema, ExamCreateBodySchema, ExamIdQuerySchema, ExamListQuerySchema, ExamOptionSchema, ExamPageSchema, ExamSchema, ExamUpdateBodySchema, GradeBodySchema, GradeResultSchema, MakeUpBodySchema, MakeUpCandidatesSchema, MakeUpResultSchema, MemberExamIdQuerySchema, MemberExamListQuerySchema, MemberExamPageSchema, NamedOptionSchema, PaperOptionSchema } from '../schemas/exam'
import { AnalysisRowSchema, ScoreSummarySchema, ParticipantPageSchema, ParticipantQuerySchema, QuestionnaireResultQuerySchema, QuestionnaireResultSchema, QuestionnaireSetBodySchema, QuestionnaireSchema } from '../schemas/exam-analysis'

const EXAM = 'exam:exam'
/** The questionnaire results screen and the training list's 满意度反馈 action both show a questionnaire. */
const QUESTIONNAIRE = ['questionnaire:result', 'training:train'] as const
const EXAM_OR_QUESTIONNAIRE = ['exam:exam', 'questionnaire:result', 'training:train'] as const
const MEMBER_EXAM = '/api/member/exam'

/**
 * Exams, their score list, marking and make-up (spec 001 §2, §4, §7), and the
 * member's phone page. The member's routes (`access: 'member'`) carry the member's own
 * session (header MemberToken), which the route mechanism checks.
 */
export const examRoutes = defineRoutes({
  'exam.list': {
    method: 'GET', path: '/api/exam', access: EXAM,
    summary: '考试列表（按名称筛选，分页）；状态按时间推算：0 未开始、1 进行中、2 已结束、3 已关闭',
    query: ExamListQuerySchema,
    response: ExamPageSchema,
  },
  'exam.all': {
    method: 'GET', path: '/api/exam/all', access: EXAM,
    summary: '考试选项（id、名称）',
    response: z.array(ExamOptionSchema),
  },
  'exam.trains': {
    method: 'GET', path: '/api/exam/trains', access: EXAM_OR_QUESTIONNAIRE,
    summary: '可关联的培训班（本数据范围内）',
    response: z.array(NamedOptionSchema),
  },
  'exam.papers': {
    method: 'GET', path: '/api/exam/papers', access: EXAM,
    summary: '可选的试卷（考试试卷 type 2）',
    response: z.array(PaperOptionSchema),
  },
  'exam.get': {
    method: 'GET', path: '/api/exam/{id}', access: EXAM, scope: { id: 'exam' },
    summary: '考试详情',
    params: idParam,
    response: ExamSchema,
  },
  'exam.create': {
    method: 'POST', path: '/api/exam', access: EXAM, scope: { trainId: 'train' }, record: 'exam',
    summary: '新增考试；按参加方式登记考生（全部报名人员或随机若干人）',
    body: ExamCreateBodySchema,
    response: ExamSchema,
  },
  'exam.update': {
    method: 'PATCH', path: '/api/exam', access: EXAM, record: 'exam', scope: { id: 'exam', trainId: 'train' },
    summary: '修改考试；已开始的考试保留全部作答与成绩（改及格线、成绩计算方式按新规则重新判定；换卷、换培训、减少考生拒绝）',
    body: ExamUpdateBodySchema,
    response: ExamSchema,
  },
  'exam.close': {
    method: 'PATCH', path: '/api/exam/close', access: EXAM, record: 'exam', scope: { id: 'exam' },
    summary: '手动关闭考试（状态 3）：进行中的作答按已保存的答案系统交卷，之后不能再作答',
    body: idParam,
    response: ExamSchema,
  },
  'exam.delete': {
    method: 'DELETE', path: '/api/exam/{id}', access: EXAM, record: 'exam', scope: { id: 'exam' },
    summary: '删除考试（连同考生与答卷）',
    params: idParam,
    response: z.null(),
  },
  'memberExam.list': {
    method: 'GET', path: MEMBER_EXAM, access: EXAM, scope: { examId: 'exam' },
    summary: '考试成绩列表（考生、状态 WAIT/DONE/CHECK、补考标记、成绩）',
    query: MemberExamListQuerySchema,
    response: MemberExamPageSchema,
  },
  'memberExam.answers': {
    method: 'GET', path: '/api/member/answer', access: EXAM, scope: { memberExamId: 'memberExam' },
    summary: '考生答卷（按成绩规则计分的那次作答；评阅用）',
    query: MemberExamIdQuerySchema,
    response: AnswerDetailSchema,
  },
  'memberExam.grade': {
    method: 'POST', path: '/api/member/answer/grade', access: EXAM, scope: { memberExamId: 'memberExam' }, record: 'memberExam', recordBy: { input: 'memberExamId' },
    summary: '阅卷提交：每道待评（IGNORE）题须给出 0 至满分的整数分，提交后为 SUCCESS',
    body: GradeBodySchema,
    response: GradeResultSchema,
  },
  'exam.marking': {
    method: 'GET', path: '/api/exam/marking', access: EXAM, scope: { examId: 'exam' },
    summary: '按题阅卷：一道主观题在各考生答卷中的作答与得分（逐个考生评分）',
    query: MarkingQuerySchema,
    response: MarkingSchema,
  },
  'memberExam.gradeOne': {
    method: 'POST', path: '/api/member/answer/gradeOne', access: EXAM, scope: { memberExamId: 'memberExam' }, record: 'memberExam', recordBy: { input: 'memberExamId' },
    summary: '按题评分：提交一道题的分数（0 至满分的整数）；该次作答的待评题都评完时计出成绩',
    body: GradeOneBodySchema,
    response: GradeResultSchema,
  },
  'memberExam.makeUpCandidates': {
    method: 'GET', path: `${MEMBER_EXAM}/makeUpCandidates`, access: EXAM, scope: { examId: 'exam' },
    summary: '可补考的考生：未及格与缺考（一键选中）',
    query: ExamIdQuerySchema,
    response: MakeUpCandidatesSchema,
  },
  'memberExam.makeUp': {
    method: 'POST', path: `${MEMBER_EXAM}/makeUp`, access: EXAM, scope: { examId: 'exam', memberExams: 'memberExam' }, unrecorded: unrecorded.makeUpRounds,
    summary: '设定补考：补考开始、结束时间与选中的考生',
    body: MakeUpBodySchema,
    response: MakeUpResultSchema,
  },
  'memberExam.downloadScoreList': {
    method: 'GET', path: `${MEMBER_EXAM}/downloadScoreList/{examId}`, access: EXAM, kind: 'download', rpc: false, scope: { examId: 'exam' },
    summary: '导出成绩（xlsx）',
    params: z.object({ examId: idParam.shape.id }),
    response: z.unknown(),
  },
  'memberExam.downloadAnswerDetail': {
    method: 'GET', path: '/api/member/answer/downloadAnswerDetail/{id}', access: EXAM, kind: 'download', rpc: false, scope: { id: 'memberExam' },
    summary: '导出考生试卷（xlsx：题目、作答、得分）',
    params: idParam,
    response: z.unknown(),
  },
  'exam.participants': {
    method: 'GET', path: '/api/exam/participants', access: EXAM_OR_QUESTIONNAIRE, scope: { examId: 'exam' },
    summary: '考试或问卷的参加人员（WAIT 待参加、DONE 已完成、PASS 已过期；分页）',
    query: ParticipantQuerySchema,
    response: ParticipantPageSchema,
  },
  'memberExam.download': {
    method: 'GET', path: `${MEMBER_EXAM}/download/{examId}`, access: EXAM_OR_QUESTIONNAIRE, kind: 'download', rpc: false, scope: { examId: 'exam' },
    summary: '导出参加人员（xlsx）',
    params: z.object({ examId: idParam.shape.id }),
    response: z.unknown(),
  },
  'exam.analysis': {
    method: 'GET', path: '/api/exam/analysis/{id}', access: EXAM, scope: { id: 'exam' },
    summary: '答题分析：每题各选项的选择人数、正确答案与正确率',
    params: idParam,
    response: z.array(AnalysisRowSchema),
  },
  'exam.scoreSummary': {
    method: 'GET', path: '/api/exam/scoreSummary/{id}', access: EXAM, scope: { id: 'exam' },
    summary: '成绩概况：考生、交卷、已评分、平均分、最高分、最低分、及格人数与按满分比例的分数段人数（每人取各轮最高分）',
    params: idParam,
    response: ScoreSummarySchema,
  },
  'exam.analysisDownload': {
    method: 'GET', path: '/api/exam/analysis/download/{id}', access: EXAM, kind: 'download', rpc: false, scope: { id: 'exam' },
    summary: '导出答题分析（xlsx）',
    params: idParam,
    response: z.unknown(),
  },
  'questionnaire.result': {
    method: 'GET', path: '/api/questionnaire/result', access: QUESTIONNAIRE, scope: { trainId: 'train' },
    summary: '培训班满意度问卷结果（trainId）：每题各选项人数与占比，主观题的回答',
    query: QuestionnaireResultQuerySchema,
    response: QuestionnaireResultSchema,
  },
  'questionnaire.papers': {
    method: 'GET', path: '/api/questionnaire/papers', access: QUESTIONNAIRE,
    summary: '可选的问卷（问卷试卷 type 1）',
    response: z.array(PaperOptionSchema),
  },
  'questionnaire.set': {
    method: 'POST', path: '/api/questionnaire', access: QUESTIONNAIRE, scope: { trainId: 'train' }, record: 'train', recordBy: { input: 'trainId' }, recordView: 'trainQuestionnaire',
    summary: '设置满意度问卷（培训班的问卷、填写时间）；全部报名人员签到后可在手机上填写',
    body: QuestionnaireSetBodySchema,
    response: QuestionnaireSchema,
  },
})
