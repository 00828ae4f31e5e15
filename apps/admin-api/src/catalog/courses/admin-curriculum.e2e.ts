import { expect } from 'chai';
import { CourseTopicModel, LessonModel } from '@platform/db';
import { adminToken, buildTestApp, createCourse, TestApp, TestCourse } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

describe('Admin course curriculum: topics and lessons (admin-api)', () => {
  let api: TestApp;
  let editor: string;

  const base = (courseId: number) => `/api/admin/courses/${courseId}`;
  const send = (method: 'post' | 'patch' | 'delete', path: string, body?: object) =>
    api.http[method](path).set('Authorization', editor).send(body);
  const curriculum = async (courseId: number) =>
    (await api.http.get(`${base(courseId)}/curriculum`).set('Authorization', editor).expect(200)).body.data;
  const lessonOf = (course: TestCourse, topic = 0, lesson = 0) => course.topics[topic].lessons[lesson];

  before(async () => {
    api = await buildTestApp(createAdminApi);
    editor = `Bearer ${adminToken(api.app.container, ['COURSES_READ', 'COURSES_UPDATE'])}`;
  });

  describe('GET /api/admin/courses/:id/curriculum', () => {
    it('lists every topic by position then id, each with all its lessons, disabled ones and video keys included', async () => {
      const course = await createCourse({ published: false, lessonsPerTopic: [2, 1] });
      const early = await CourseTopicModel.create({ courseId: course.course.id, title: 'Same position, later id', position: 0 });
      await lessonOf(course, 0, 1).update({ isEnabled: false });
      const data = await curriculum(course.course.id);
      expect(data.courseId).to.equal(course.course.id);
      expect(data.topics.map((t: { id: number }) => t.id)).to.deep.equal([course.topics[0].topic.id, early.id, course.topics[1].topic.id]);
      const first = lessonOf(course, 0, 0);
      expect(data.topics[0].lessons[0]).to.deep.equal({
        id: first.id,
        courseId: course.course.id,
        topicId: course.topics[0].topic.id,
        title: first.title,
        position: 0,
        isEnabled: true,
        isFreePreview: false,
        videoDurationSeconds: first.videoDurationSeconds,
        videoKey: first.videoKey,
      });
      expect(data.topics[0].lessons[1]).to.include({ id: lessonOf(course, 0, 1).id, isEnabled: false });
      expect(data.topics[1].lessons).to.deep.equal([]);
    });

    it('answers 404 NOT_FOUND for an unknown course', async () => {
      await api.http.get(`${base(999_999_999)}/curriculum`).set('Authorization', editor).expect(404);
    });
  });

  describe('topics', () => {
    it('adds a topic after the last one, or at the given position, answering 201', async () => {
      const course = await createCourse({ lessonsPerTopic: [1, 1] });
      const res = await send('post', `${base(course.course.id)}/topics`, { title: '  Risk management  ' }).expect(201);
      expect(res.body.message).to.equal('Topic created successfully');
      expect(res.body.data).to.deep.include({ courseId: course.course.id, title: 'Risk management', position: 2 });
      const placed = await send('post', `${base(course.course.id)}/topics`, { title: 'Intro', position: 0 }).expect(201);
      expect(placed.body.data.position).to.equal(0);
    });

    it('gives a course its first topic at position 0', async () => {
      const course = await createCourse({ lessonsPerTopic: [] });
      const res = await send('post', `${base(course.course.id)}/topics`, { title: 'First' }).expect(201);
      expect(res.body.data.position).to.equal(0);
    });

    it('takes null position, isEnabled and isFreePreview on create as absent (form libraries send null for empty fields)', async () => {
      const course = await createCourse({ lessonsPerTopic: [] });
      const topic = await send('post', `${base(course.course.id)}/topics`, { title: 'First', position: null }).expect(201);
      expect(topic.body.data.position).to.equal(0);
      const lesson = await send('post', `${base(course.course.id)}/topics/${topic.body.data.id}/lessons`, {
        title: 'Lesson',
        position: null,
        isEnabled: null,
        isFreePreview: null,
      }).expect(201);
      expect(lesson.body.data).to.deep.include({ position: 0, isEnabled: true, isFreePreview: false });
    });

    it('renames and repositions a topic', async () => {
      const course = await createCourse();
      const topicId = course.topics[0].topic.id;
      const res = await send('patch', `${base(course.course.id)}/topics/${topicId}`, { title: 'Renamed', position: 5 }).expect(200);
      expect(res.body.data).to.deep.equal({ id: topicId, courseId: course.course.id, title: 'Renamed', position: 5 });
    });

    it('deletes a topic together with its lessons', async () => {
      const course = await createCourse({ lessonsPerTopic: [2, 1] });
      const topicId = course.topics[0].topic.id;
      const res = await send('delete', `${base(course.course.id)}/topics/${topicId}`).expect(200);
      expect(res.body).to.deep.equal({ message: 'Topic deleted successfully', data: { id: topicId } });
      expect(await LessonModel.count({ where: { topicId } })).to.equal(0);
      expect((await curriculum(course.course.id)).topics).to.have.length(1);
    });

    it('treats a topic of another course as not found (404) on PATCH, DELETE and adding a lesson', async () => {
      const [course, other] = await Promise.all([createCourse(), createCourse()]);
      const foreign = other.topics[0].topic.id;
      for (const [method, path, body] of [
        ['patch', `${base(course.course.id)}/topics/${foreign}`, { title: 'Hijack' }],
        ['delete', `${base(course.course.id)}/topics/${foreign}`, undefined],
        ['post', `${base(course.course.id)}/topics/${foreign}/lessons`, { title: 'Hijack' }],
      ] as const) {
        const res = await send(method, path, body).expect(404);
        expect(res.body).to.deep.equal({ message: 'Topic not found in this course', errorCode: 'NOT_FOUND' });
      }
      expect(await CourseTopicModel.findByPk(foreign)).to.have.property('title', 'Topic 1');
    });

    it('answers 404 NOT_FOUND for an unknown course or topic', async () => {
      const course = await createCourse();
      await send('post', `${base(999_999_999)}/topics`, { title: 'x' }).expect(404);
      await send('patch', `${base(course.course.id)}/topics/999999999`, { title: 'x' }).expect(404);
      await send('delete', `${base(course.course.id)}/topics/99999999999`).expect(404);
    });

    for (const [rule, body] of [
      ['a blank title', { title: ' ' }],
      ['a negative position', { title: 'x', position: -1 }],
      ['a title over 200 characters', { title: 'x'.repeat(201) }],
    ] as const) {
      it(`refuses a new topic with ${rule} (400 VALIDATION_ERROR)`, async () => {
        const course = await createCourse();
        const res = await send('post', `${base(course.course.id)}/topics`, body).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }

    for (const [rule, body] of [
      ['an empty body', {}],
      ['a null title', { title: null }],
      ['a null position', { position: null }],
    ] as const) {
      it(`refuses a topic PATCH with ${rule} (400 VALIDATION_ERROR)`, async () => {
        const course = await createCourse();
        const res = await send('patch', `${base(course.course.id)}/topics/${course.topics[0].topic.id}`, body).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }
  });

  describe('lessons', () => {
    it('adds a lesson after the topic\'s last one with defaults enabled and not a free preview, answering 201', async () => {
      const course = await createCourse();
      const topicId = course.topics[0].topic.id;
      const res = await send('post', `${base(course.course.id)}/topics/${topicId}/lessons`, { title: 'Greeks' }).expect(201);
      expect(res.body.message).to.equal('Lesson created successfully');
      expect(res.body.data).to.deep.include({
        courseId: course.course.id,
        topicId,
        title: 'Greeks',
        position: 2,
        isEnabled: true,
        isFreePreview: false,
        videoDurationSeconds: null,
        videoKey: null,
      });
    });

    it('adds a lesson with every field set', async () => {
      const course = await createCourse();
      const body = { title: 'Preview', position: 0, isEnabled: false, isFreePreview: true, videoDurationSeconds: 754, videoKey: 'uploads/video/abc/index.m3u8' };
      const res = await send('post', `${base(course.course.id)}/topics/${course.topics[0].topic.id}/lessons`, body).expect(201);
      expect(res.body.data).to.deep.include(body);
    });

    it('updates a lesson and clears its video with nulls', async () => {
      const course = await createCourse();
      const lesson = lessonOf(course);
      const res = await send('patch', `${base(course.course.id)}/lessons/${lesson.id}`, {
        title: 'Updated',
        isEnabled: false,
        isFreePreview: true,
        videoDurationSeconds: null,
        videoKey: null,
      }).expect(200);
      expect(res.body.data).to.deep.include({ id: lesson.id, title: 'Updated', isEnabled: false, isFreePreview: true, videoDurationSeconds: null, videoKey: null });
    });

    it('moves a lesson to another topic of the same course, after that topic\'s last lesson', async () => {
      const course = await createCourse({ lessonsPerTopic: [2, 3] });
      const lesson = lessonOf(course);
      const target = course.topics[1].topic.id;
      const res = await send('patch', `${base(course.course.id)}/lessons/${lesson.id}`, { topicId: target }).expect(200);
      expect(res.body.data).to.include({ topicId: target, position: 3 });
      const data = await curriculum(course.course.id);
      expect(data.topics[0].lessons.map((l: { id: number }) => l.id)).to.not.include(lesson.id);
      expect(data.topics[1].lessons.at(-1).id).to.equal(lesson.id);
    });

    it('refuses to move a lesson to a topic of another course (404), leaving it in place', async () => {
      const [course, other] = await Promise.all([createCourse(), createCourse()]);
      const lesson = lessonOf(course);
      const res = await send('patch', `${base(course.course.id)}/lessons/${lesson.id}`, { topicId: other.topics[0].topic.id }).expect(404);
      expect(res.body.errorCode).to.equal('NOT_FOUND');
      expect((await LessonModel.findByPk(lesson.id))?.topicId).to.equal(course.topics[0].topic.id);
    });

    it('deletes a lesson', async () => {
      const course = await createCourse();
      const lesson = lessonOf(course);
      const res = await send('delete', `${base(course.course.id)}/lessons/${lesson.id}`).expect(200);
      expect(res.body).to.deep.equal({ message: 'Lesson deleted successfully', data: { id: lesson.id } });
      expect(await LessonModel.findByPk(lesson.id)).to.equal(null);
    });

    it('treats a lesson of another course as not found (404) on PATCH and DELETE', async () => {
      const [course, other] = await Promise.all([createCourse(), createCourse()]);
      const foreign = lessonOf(other);
      for (const method of ['patch', 'delete'] as const) {
        const res = await send(method, `${base(course.course.id)}/lessons/${foreign.id}`, method === 'patch' ? { title: 'Hijack' } : undefined).expect(404);
        expect(res.body).to.deep.equal({ message: 'Lesson not found in this course', errorCode: 'NOT_FOUND' });
      }
      expect(await LessonModel.findByPk(foreign.id)).to.have.property('title', foreign.title);
    });

    it('answers 404 NOT_FOUND for an unknown course or lesson', async () => {
      const course = await createCourse();
      await send('post', `${base(999_999_999)}/topics/${course.topics[0].topic.id}/lessons`, { title: 'x' }).expect(404);
      await send('patch', `${base(course.course.id)}/lessons/999999999`, { title: 'x' }).expect(404);
      await send('delete', `${base(course.course.id)}/lessons/999999999`).expect(404);
    });

    for (const [rule, body] of [
      ['a videoKey outside uploads/', { videoKey: 'public/trailer/a.mp4' }],
      ['a videoKey that climbs out of uploads/', { videoKey: 'uploads/../secrets/key' }],
      ['a zero videoDurationSeconds', { videoDurationSeconds: 0 }],
      ['a fractional videoDurationSeconds', { videoDurationSeconds: 12.5 }],
      ['a non-boolean isEnabled', { isEnabled: 'yes' }],
      ['a blank title', { title: '' }],
    ] as const) {
      it(`refuses a new lesson with ${rule} (400 VALIDATION_ERROR)`, async () => {
        const course = await createCourse();
        const res = await send('post', `${base(course.course.id)}/topics/${course.topics[0].topic.id}/lessons`, { title: 'Lesson', ...body }).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }

    for (const [rule, body] of [
      ['an empty body', {}],
      ['a videoKey outside uploads/', { videoKey: 'video/a.m3u8' }],
      ['a negative videoDurationSeconds', { videoDurationSeconds: -3 }],
      ['a null title', { title: null }],
      ['a null isEnabled', { isEnabled: null }],
      ['a null topicId', { topicId: null }],
    ] as const) {
      it(`refuses a lesson PATCH with ${rule} (400 VALIDATION_ERROR)`, async () => {
        const course = await createCourse();
        const res = await send('patch', `${base(course.course.id)}/lessons/${lessonOf(course).id}`, body).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }
  });
});
